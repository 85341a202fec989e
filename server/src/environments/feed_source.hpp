#pragma once

#include <functional>

namespace dossier::db {
class Connection;
}
namespace dossier::realtime {
class Publisher;
}

namespace dossier::environments {

// What a feature tells the hub of its own, read from what is committed (a report export's
// progress): the change feed calls it each round, after the changes and the notifications, on
// its thread. The composition root hands the features' sources to the feed.
using FeedSource = std::function<void(db::Connection&, realtime::Publisher&)>;

}  // namespace dossier::environments
