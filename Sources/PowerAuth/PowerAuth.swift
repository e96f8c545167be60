// The PowerAuth engine: key schedule, counters, signatures, approval codes, server-side checks.
