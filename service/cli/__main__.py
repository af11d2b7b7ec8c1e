"""`python -m boardstate.service.cli`: the `boardstate` command (`service.cli.start`, which finds
the installed games first, then runs `service.cli.main`)."""

from boardstate.service.cli.start import main

raise SystemExit(main())
