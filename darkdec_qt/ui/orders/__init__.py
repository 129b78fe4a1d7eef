"""Orders besides moving and fighting: the legal ones (asked of the engine), their
menus and shortcuts, and the choices the engine waits for."""
