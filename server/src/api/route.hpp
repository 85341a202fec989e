#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "core/result.hpp"
#include "http/response.hpp"

namespace dossier::api {

class Context;

enum class Access {
  Public,            // no session needed (settings, sign-in)
  SignedIn,          // a valid session whose password needs no change
  SignedInAnyState,  // a valid session, even one that must change its password first
};

enum class ErrorStyle {
  Standard,  // {"error": "<feature>.<code>", "message": "<text>", …}
  // The spec's sign-in and change-password calls show body.error to the person, so there the
  // "error" field holds the text and "code" the machine code.
  TextInErrorField,
};

// Where a handler runs. Quick ones check the session and read a few rows by key (settings, the
// current user, a form load, a preview): they run on the I/O thread, which is cheaper than handing
// them over, and cannot wait — a connection is always free for each I/O thread (core/capacity.hpp)
// and their only writes are bookkeeping left out rather than waited for (Connection::tryExecute).
// Everything else — saves, sign-in (its password checks have their own bounded queue), anything
// that writes or may read much — runs on the workers; Heavy work, whose cost grows with what is
// asked (a report, a large body), runs on workers of its own at the lowest priority, so that
// however much of it is asked for, ordinary work still gets the CPU first. A Search of the index is
// heavy work that only computes, bounded by its match's time limit: it runs on searchers of its
// own, one a core, in turn (http::ServerOptions::searchers).
enum class Work { Quick, Full, Heavy, Search };

inline constexpr std::size_t kDefaultBodyLimit = 1024 * 1024;

using Handler = std::function<Result<http::Response>(Context&)>;

struct Route {
  std::string method;
  std::string path;  // "/api/{env}/…"; without {env} the environment comes from the session
  Handler handler;
  Access access = Access::SignedIn;
  ErrorStyle errorStyle = ErrorStyle::Standard;
  std::size_t bodyLimit = kDefaultBodyLimit;
  Work work = Work::Full;
  // May also be called over the realtime hub (app/hub_socket.hpp): a form's close and save.
  bool overHub = false;
};

class RouteTable {
 public:
  void add(Route route) { routes_.push_back(std::move(route)); }
  const std::vector<Route>& routes() const { return routes_; }

 private:
  std::vector<Route> routes_;
};

}  // namespace dossier::api
