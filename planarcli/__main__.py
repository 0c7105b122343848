"""``python -m planarcli``."""

from planarcli.cli import main

main()
