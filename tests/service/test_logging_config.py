"""`configure_logging` may run more than once in a process (each app calls it): a logger cached
on first use keeps reaching the configured processors, and a test's `capture_logs` sees it."""

from __future__ import annotations

import structlog
from structlog.testing import capture_logs

from boardstate.service.logging import configure_logging


def test_a_logger_cached_before_a_second_configuration_still_reaches_a_capture() -> None:
    configure_logging("INFO", "json")
    log = structlog.get_logger("boardstate.test_logging_config")
    log.info("first_use")  # caches the bound logger with the processors of this configuration
    configure_logging("INFO", "json")
    with capture_logs() as logs:
        log.info("after_reconfiguration", code="X")
    assert [(e["event"], e["code"]) for e in logs] == [("after_reconfiguration", "X")]


def test_a_second_configuration_keeps_one_processor_list() -> None:
    configure_logging("INFO", "json")
    first = structlog.get_config()["processors"]
    configure_logging("WARNING", "console")
    assert structlog.get_config()["processors"] is first
    configure_logging("INFO", "json")
