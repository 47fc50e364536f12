-- The name of the API key that submitted a job (SERVICE_API_KEYS, name:key), which alone may see
-- it; NULL when keys were off. Never the key itself.
ALTER TABLE jobs ADD COLUMN owner_key_name VARCHAR(64);
