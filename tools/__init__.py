"""Scripts that write the examples and the test corpus, and the log builders they share with the
tests (``thirty_three_logs``, ``eighty_three_logs``).  Not part of the installed package."""
