"""The implementations of `retentia` subcommands that have a module of their own."""
