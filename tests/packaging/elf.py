"""The libraries an ELF file (Linux executable or shared library) names as NEEDED: enough of the
ELF64 little-endian format to read its dynamic section, for the bundle test's check that every
library in the bundle is one something in it links."""

from __future__ import annotations

import struct
from pathlib import Path

PT_LOAD, PT_DYNAMIC = 1, 2
DT_NULL, DT_NEEDED, DT_STRTAB = 0, 1, 5


def is_elf(path: Path) -> bool:
    with path.open("rb") as f:
        return f.read(4) == b"\x7fELF"


def needed(path: Path) -> list[str]:
    """The DT_NEEDED names of an x86-64/aarch64 ELF file, in order ([] for a static file)."""
    data = path.read_bytes()
    if data[4] != 2 or data[5] != 1:
        raise ValueError(f"{path} is not a 64-bit little-endian ELF file")
    phoff, = struct.unpack_from("<Q", data, 0x20)
    phentsize, phnum = struct.unpack_from("<HH", data, 0x36)
    loads, dynamic = [], None
    for i in range(phnum):
        p_type, _flags, p_offset, p_vaddr, _paddr, p_filesz = struct.unpack_from("<IIQQQQ", data, phoff + i * phentsize)
        if p_type == PT_LOAD:
            loads.append((p_vaddr, p_offset, p_filesz))
        elif p_type == PT_DYNAMIC:
            dynamic = (p_offset, p_filesz)
    if dynamic is None:
        return []
    entries = [struct.unpack_from("<qQ", data, dynamic[0] + k) for k in range(0, dynamic[1], 16)]
    strtab = next(v for tag, v in entries if tag == DT_STRTAB)
    base = next(off + strtab - va for va, off, size in loads if va <= strtab < va + size)
    names = []
    for tag, v in entries:
        if tag == DT_NULL:
            break
        if tag == DT_NEEDED:
            start = base + v
            names.append(data[start:data.index(b"\0", start)].decode())
    return names
