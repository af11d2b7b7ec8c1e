// Boardstate's GraphiQL page (service/graphiql.py): Boardstate's own file, not vendored.
// Queries and mutations go to this page's URL over HTTP; subscriptions use graphql-transport-ws
// on the same path (graphql-ws is bundled in graphiql.min.js). The headers editor's JSON is
// sent as HTTP headers and, for subscriptions, as the connection_init payload, so
// {"Authorization": "Bearer <seat token>"} works for both.
"use strict";

(function () {
  var httpUrl = new URL(window.location.href);
  httpUrl.search = "";
  httpUrl.hash = "";
  var wsUrl = new URL(httpUrl.href);
  wsUrl.protocol = httpUrl.protocol === "https:" ? "wss:" : "ws:";

  var defaultQuery = [
    "# Boardstate GraphiQL. Ctrl-Enter runs the operation.",
    "#",
    "# To act for a seat, open Headers below and enter",
    '# {"Authorization": "Bearer <seat token>"}',
    "",
    "query GameTypes {",
    "  gameTypes {",
    "    id",
    "  }",
    "}",
    "",
  ].join("\n");

  var fetcher = GraphiQL.createFetcher({
    url: httpUrl.href,
    subscriptionUrl: wsUrl.href,
  });

  ReactDOM.createRoot(document.getElementById("graphiql")).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      defaultQuery: defaultQuery,
      defaultEditorToolsVisibility: true,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: false,
      inputValueDeprecation: true,
    }),
  );
})();
