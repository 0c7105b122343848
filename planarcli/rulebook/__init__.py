"""The rules reference: the Comprehensive Rules corpus (section 901, the rules it cites and the
Planechase glossary), the CR text reader, search, diff, history and import."""
