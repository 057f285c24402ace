"""The `retentia` subcommands that live in modules of their own."""
