"""Click commands, one module per command group. Each command only turns options into
arguments, calls one core function, renders the result and exits with the core's code."""
