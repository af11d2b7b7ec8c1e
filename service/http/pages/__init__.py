"""The pages for people: the lobby, the viewer and playable table, GraphiQL and the REST API
docs, all served offline from vendored or own files."""
