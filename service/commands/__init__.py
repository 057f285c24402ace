"""`retentia` subcommands, one module each (registered and dispatched by `service.cli`)."""
