"""The features of the service, one package each, built once and composed by `service.wiring`."""
