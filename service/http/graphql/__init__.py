"""The GraphQL door at `/graphql` (architecture §5): strawberry's app as the service runs it, and
its subscriptions over graphql-transport-ws and graphql-sse."""
