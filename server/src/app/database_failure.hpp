#pragma once

#include "db/database_error.hpp"
#include "http/request.hpp"
#include "http/response.hpp"

namespace dossier::app {

// The answer to a request the database failed: 409 when another person's write of the same unique
// thing won a race, 503 with Retry-After when the database did not answer (gone, busy, too slow),
// 500 otherwise. Nothing was written in any of them.
http::Response databaseFailure(const db::DatabaseError& error, const http::Request& request);

}  // namespace dossier::app
