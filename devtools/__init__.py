"""Development servers the tests, the benches and scripts/ start: not part of the service.
Imports nothing of Retentia, so any of them may use it."""
