"""The features of the service, one package each, composed by `service.composition`."""
