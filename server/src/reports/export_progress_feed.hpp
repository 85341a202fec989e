#pragma once

#include <chrono>

#include "environments/feed_source.hpp"

namespace dossier::reports {

// Tells the owner of each background export how it goes, over the hub: a `reportExport` message
// to their tabs whenever its status, rows written or cancel request moved since the last round,
// and once more when it finished. Read from the database, so that the tab hears it whichever
// server process runs the export. `keptFor`: how long a finished file is kept (said in the
// message).
environments::FeedSource exportProgressSource(std::chrono::seconds keptFor);

}  // namespace dossier::reports
