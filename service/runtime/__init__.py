"""The process around the use cases: metrics, logging, the HTTP protocol and the heap tuning."""
