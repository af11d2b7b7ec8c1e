"""The OpenAPI 3.1 document of `/v1`, generated from the route declarations and the bodies."""
