"""`python -m boardstate.service.cli`: the `boardstate` command (`service.cli.main`)."""

from boardstate.service.cli.main import main

main()
