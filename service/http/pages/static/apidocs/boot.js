// Boardstate's REST API docs page (service/http/pages/api_docs.py): Boardstate's own file, not vendored.
// Renders /v1/openapi.json (relative to this page) with the vendored Swagger UI. "Authorize"
// takes a seat token for bearerAuth.
"use strict";

(function () {
  var spec = new URL("openapi.json", window.location.href);
  window.ui = SwaggerUIBundle({
    url: spec.href,
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
  });
})();
