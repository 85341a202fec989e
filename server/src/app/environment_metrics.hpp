#pragma once

#include "metrics/text_format.hpp"

namespace dossier::environments {
class Registry;
}

namespace dossier::app {

// The series /metrics reads from each environment when it is asked, rather than counting as it
// goes: its database pool (connections lent and idle, waits for one), whether its database
// answers, how far its search index is behind the change log, the tabs on its realtime hub and the
// events sent to them, the documents whose text is still to be read. Asks each database two
// small questions (the latest change, the documents pending), so it runs on a worker.
void writeEnvironmentMetrics(environments::Registry& registry, metrics::TextFormat& out);

}  // namespace dossier::app
