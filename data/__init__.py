"""The rules tables, installed as ``lfgcombat.data``: one CSV per table, read and validated by
:func:`lfgcombat.io.tables.load_table` (``importlib.resources``); example creatures in
``creatures/``. Every row's ``source`` cites the rules text or says why it is inferred.
"""
