"""What a viewer sees: read models of games and events, view checks and board pictures."""
