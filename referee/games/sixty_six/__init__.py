"""Sixty-Six: the rules core (``rules``), its words (``commentary``) and its candidate actions
(``policy``)."""
