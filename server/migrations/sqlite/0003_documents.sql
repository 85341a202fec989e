-- Documents of cases: the properties of each (a file, a link or the place a paper file is kept),
-- every stored version of an electronic document's file (the content itself is in the blob store,
-- named by its SHA-256), and the single-use tokens a download is fetched with.

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  guid TEXT NOT NULL UNIQUE,
  case_id INTEGER NOT NULL REFERENCES cases(id),
  ext_ref_type TEXT NOT NULL,          -- Electronic, Link, Location, …
  title TEXT NOT NULL,
  ext_ref_filename TEXT NOT NULL,      -- the file name, the URL or the location
  author TEXT NOT NULL DEFAULT '',
  create_date TEXT,                    -- the date the document was written, as the person gave it
  comments TEXT NOT NULL DEFAULT '',
  folder TEXT NOT NULL DEFAULT '',
  security TEXT NOT NULL DEFAULT '',   -- a document security group, or '' for all who see the case
  category TEXT NOT NULL DEFAULT '',
  portal_category TEXT NOT NULL DEFAULT '',
  fields TEXT NOT NULL DEFAULT '{}',   -- the custom fields' values
  major INTEGER NOT NULL DEFAULT 0,
  minor INTEGER NOT NULL DEFAULT 0,
  current_version_id INTEGER,          -- electronic documents: the version the file is taken from
  checked_out_by INTEGER,
  checked_out_by_name TEXT,
  checked_out_at TEXT,
  deleted INTEGER NOT NULL DEFAULT 0,
  -- What text extraction found in the current version, for search and previews.
  extraction_status TEXT NOT NULL DEFAULT 'none',  -- none, pending, done, failed
  extraction_message TEXT,
  content TEXT,
  created_by INTEGER,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  modified_by INTEGER,
  modified_by_name TEXT NOT NULL,
  modified_at TEXT NOT NULL,
  row_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX documents_case ON documents(case_id, deleted);
CREATE INDEX documents_extraction ON documents(extraction_status) WHERE extraction_status = 'pending';

CREATE TABLE document_versions (
  id INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents(id),
  major INTEGER NOT NULL,
  minor INTEGER NOT NULL,
  comments TEXT NOT NULL DEFAULT '',
  file_name TEXT NOT NULL,
  blob TEXT NOT NULL,
  file_size INTEGER NOT NULL,
  file_type TEXT NOT NULL,             -- the extension the content was recognised as
  media_type TEXT NOT NULL,
  created_by INTEGER,
  created_by_name TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE INDEX document_versions_document ON document_versions(document_id, id);
CREATE INDEX document_versions_blob ON document_versions(blob);

-- Only the SHA-256 of a token is kept: a copy of the database gives nobody a download.
CREATE TABLE document_access_tokens (
  token_hash TEXT PRIMARY KEY,
  version_id INTEGER NOT NULL REFERENCES document_versions(id),
  user_id INTEGER NOT NULL,
  expires_at TEXT NOT NULL
);
