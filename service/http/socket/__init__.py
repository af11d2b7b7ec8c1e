"""The command socket `/v1/socket` (docs/socket.md): moves and pushes on one websocket, each
message the feature method its REST route runs."""
