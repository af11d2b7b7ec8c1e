"""The REST door under `/v1` (architecture §5b): what every route shares (the declaration type,
the route table, prices, common handling, bodies' bases, the bounds of values) at this level,
and one package per resource holding its route declarations, handlers and bodies side by side."""
