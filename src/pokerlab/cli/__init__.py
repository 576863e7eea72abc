"""The ``pokerlab`` command: one module per group of commands."""
