"""The HTTP side: the ASGI app, the GraphQL mount, plain routes, GraphiQL, graceful shutdown."""
