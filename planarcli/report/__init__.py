"""Reports: what the commands print. Validation findings as text, JSON, GitHub annotations
and SARIF; the rules and deck commands' text and JSON; one width and colour policy
(``terminal``). Each renderer is imported only by the command that prints with it."""
