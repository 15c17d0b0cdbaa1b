-- Trigram indexes back case- and accent-insensitive hotel search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
