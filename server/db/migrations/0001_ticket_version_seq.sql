-- Every ticket change takes the next value: live clients drop events older than what they hold.
CREATE SEQUENCE IF NOT EXISTS ticket_version_seq;
