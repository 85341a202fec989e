#pragma once

namespace dossier::db {

// The SQL a backend speaks. Features write portable SQL once; what must differ (PRAGMAs, locking,
// the schema's column types) lives in the backend's folder and its migrations folder.
enum class Dialect { Sqlite, Postgresql };

}  // namespace dossier::db
