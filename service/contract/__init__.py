"""The application contract, free of any web framework: ports, view records, codes, cursors,
paging, tokens and the measured prices; REST, GraphQL and the features all use it (architecture
§2)."""
