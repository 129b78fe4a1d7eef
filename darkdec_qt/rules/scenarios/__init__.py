"""6.0 set-up, 23.0 conditional forces, 26.0 variants (Montgomery's withdrawal among them)
and the scenarios' victory conditions."""
