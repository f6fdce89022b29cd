"""The GM's battle-map picture as a URL the browser can fetch (for the BattleMap's image
overlay): a web address as it is, a local file embedded as a ``data:`` URL.

No rules here; see :meth:`lfgcombat.HexMap.set_background` for the picture itself.
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

from lfgcombat.battlemap.values import WEB_PICTURE, picture_problem
from lfgcombat.errors import LfgError
from lfgcombat.shortrepr import short

#: The largest local picture embedded (a bigger one belongs on a web server).
MAX_IMAGE_BYTES = 20 * 1024 * 1024
_WEB = WEB_PICTURE


def image_url(image: str, base: str | Path | None = None) -> str:
    """A URL for ``image``: web addresses and ``data:`` URLs unchanged, a local file read
    and embedded as a base64 ``data:`` URL (the notebook server does not serve it).

    A local picture is read only from inside ``base`` (the notebook's folder): a map text,
    a save or a map edit names it and may come from anyone, so a path that leaves the
    folder (``../../x.png``, an absolute path, a link pointing out) is refused
    (:func:`lfgcombat.battlemap.values.picture_problem`; issue 23, item 22).

    Args:
        image: A path relative to ``base`` and inside it, or a URL.
        base: The folder pictures are read from (default: the working directory, the
            notebook's folder in Jupyter).

    Returns:
        The URL.

    Raises:
        LfgError: the path leaves ``base``, the file is missing, not a picture,
            unreadable or larger than :data:`MAX_IMAGE_BYTES`; the message names it
            (shortened) and says what to give.
    """
    if not isinstance(image, str) or not image.strip():
        raise LfgError(f"background: give a picture's path or URL, not {short(image)}")
    if image.startswith(_WEB):
        return image
    why = picture_problem(image)
    if why:
        raise LfgError(f"background: {why}")
    name = short(image)
    try:
        folder = Path(base if base is not None else Path.cwd()).resolve()
        path = (folder / image).resolve()
        if not path.is_relative_to(folder):
            raise LfgError(f"background: {name} leads out of {folder} (a link pointing "
                           "elsewhere?); put the picture in the notebook's folder")
        if not path.is_file():
            raise LfgError(f"background: no picture file {name} (looked in "
                           f"{path.parent}); give a path or an http(s) URL")
        mime = mimetypes.guess_type(path.name)[0] or ""
        if not mime.startswith("image/"):
            raise LfgError(f"background: {name} is not a picture (.png, .jpg, .svg, "
                           ".webp...)")
        size = path.stat().st_size
        if size > MAX_IMAGE_BYTES:
            raise LfgError(f"background: {name} is {size // 2**20} MB, more than "
                           f"{MAX_IMAGE_BYTES // 2**20} MB; make it smaller or serve it by URL")
        data = path.read_bytes()
    except OSError as exc:
        raise LfgError(f"background: cannot read {name}: {exc.strerror or exc}") from None
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
