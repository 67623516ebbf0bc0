"""``python -m referee``: the same as the ``referee`` command."""
from .cli import run as main

if __name__ == "__main__":
    main()
