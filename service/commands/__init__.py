"""`retentia` subcommands that live in a module of their own: each `register(commands)` adds
its parser to the command line (`service.cli`)."""
