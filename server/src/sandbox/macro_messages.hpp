#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "core/result.hpp"
#include "sandbox/errors.hpp"
#include "sandbox/lua_sandbox.hpp"

namespace dossier::sandbox {

// What the server and a macro runner (dossier-macro) say to each other over the socket between
// them: each message a 4-byte big-endian length and that many bytes of a JSON object whose "kind"
// says what it is.
//
//   server → runner   run     a macro to run: its name, source, input and limits
//   runner → server   search  dossier.search(text, types, limit), for the server to look up
//   runner → server   linked  dossier.linked(role)
//   server → runner   found   the records the server found for either
//   runner → server   print   what the macro's print wrote, as it wrote it (no answer)
//   runner → server   done    how the run ended: the outcome or its error, what print wrote
//
// The runner runs code nobody vouches for, so the server reads what it says as it would read a
// request: bounded (kMostFrameBytes), and checked against what a macro may ask for.

inline constexpr std::size_t kFrameHeaderBytes = 4;
// Five documents of a megabyte each, escaped as JSON, fit.
inline constexpr std::size_t kMostFrameBytes = 16 * 1024 * 1024;

// The message as it travels: its length, then its JSON.
std::string framed(const boost::json::object& message);
// The length a frame's header announces.
std::size_t frameLength(const unsigned char (&header)[kFrameHeaderBytes]);
// A frame's JSON as both ends read it: an object, deep enough for a macro's values, its strings
// kept as Lua made them (Lua strings are bytes); nullopt when it is not one.
std::optional<boost::json::object> parseMessage(std::string_view json);
// The message's kind; "" when it has none.
std::string_view kindOf(const boost::json::object& message);

struct RunRequest {
  std::string chunkName;
  std::string source;
  MacroInput input;  // its host is the runner's to set
  Limits limits;
};
boost::json::object runMessage(std::string_view chunkName, std::string_view source,
                               const MacroInput& input, const Limits& limits);
std::optional<RunRequest> readRunMessage(const boost::json::object& message);

boost::json::object searchMessage(std::string_view text, const std::vector<std::string>& types,
                                  std::size_t limit);
boost::json::object linkedMessage(std::string_view roleCode);
boost::json::object foundMessage(boost::json::array records);
boost::json::object printMessage(std::string_view text);
// The text of a print message; nullopt when it is not one.
std::optional<std::string> readPrintMessage(const boost::json::object& message);
// The records of a found message; an empty list when it holds none.
boost::json::array readFoundMessage(const boost::json::object& message);

// A host call the runner asks for.
struct HostCall {
  enum class Kind { Search, Linked };
  Kind kind = Kind::Search;
  std::string text;  // the search's text, or the role code
  std::vector<std::string> types;
  std::size_t limit = 0;
};
// Error (its message says what is wrong) when it is not a search or linked message a macro could
// have made.
Result<HostCall> readHostCall(const boost::json::object& message);

struct Done {
  Result<MacroOutcome> outcome = Error::of(errors::kMacroUnfinished, "");
  std::string printed;
  std::int64_t cpuMilliseconds = 0;  // the runner's CPU time so far, all its runs together
};
boost::json::object doneMessage(const Result<MacroOutcome>& outcome, std::string_view printed,
                                std::int64_t cpuMilliseconds);
// Error (its message says what is wrong) when it is not a done message a runner could have sent
// for a macro within its limits (more notices, links, records or documents than a macro may ask
// for, a field of the wrong kind).
Result<Done> readDoneMessage(const boost::json::object& message);

}  // namespace dossier::sandbox
