#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/json/object.hpp>

#include "core/result.hpp"

namespace dossier::sandbox {

// What one run of a macro may use before it is stopped.
struct Limits {
  std::uint64_t instructions = 50'000'000;  // Lua VM instructions
  std::chrono::milliseconds wallClock{2000};
  std::size_t memoryBytes = 32 * 1024 * 1024;
  int callDepth = 200;  // nested Lua calls (C stack depth is Lua's own LUAI_MAXCCALLS)
};

// The outcome of a run: what the chunk returned, as text (a string, a number, true/false or nil).
struct RunResult {
  std::string returned;
  std::uint64_t instructions = 0;
  std::size_t peakMemoryBytes = 0;
};

// What print may write in one run; the rest is counted ("… (N more bytes)").
inline constexpr std::size_t kMostPrintBytes = 16 * 1024;
// How many times string.rep may repeat in one call, even an empty string.
inline constexpr std::size_t kMostRepeats = 16 * 1024 * 1024;
// How long an error message may be before it is cut ("…").
inline constexpr std::size_t kMostMessageBytes = 2000;

// Runs a macro's Lua source in a fresh state that knows only what cannot reach outside it: base
// functions (no dofile, loadfile, or load of anything but text), string (no dump), table, math and
// utf8 — no io, os, package, require, debug or collectgarbage. An instruction-count hook, a
// wall-clock deadline, a memory cap in the allocator and a call-depth limit stop a runaway script
// with an error that says which limit it met; a Lua error comes back with its message and line.
// The hook never runs inside a C function or a finalizer, so string.rep is refused what would not
// fit in the macro's memory or repeat more than kMostRepeats times, and setmetatable refuses a
// finalizer (__gc); a pattern that backtracks for ever is stopped only by the process around the
// VM (sandbox/macro_runners.hpp), which is where the server runs macros. print writes into
// `printed` (at most kMostPrintBytes), never to the process's output.
// Never throws; the state is closed whatever happens.
Result<RunResult> run(std::string_view chunkName, std::string_view source,
                      const Limits& limits = {}, std::string* printed = nullptr);

// Whether a macro compiles: nullopt, or the message with its line ("checks.lua:3: …").
std::optional<std::string> compileError(std::string_view chunkName, std::string_view source);

// What a macro sees (the host API, docs/configuration.md "Macros"): the global `record` holds the
// record's values (texts, numbers, true/false, and tables for addresses and links), and the
// `dossier` table tells `dossier.event`, `dossier.user` (who acts), `dossier.isNew` and
// `dossier.id` (the case number or person id; empty for a new record) and offers:
// - dossier.setField(id, value) and dossier.fieldError(id, message), before a save only;
// - dossier.refuse(message): refuses the save (beforeSave) or leaving the form (formClose);
// - dossier.notify(type, message): a notification for the user (success, warning, info, error);
// - dossier.alert(type, message[, seconds]): a header alert on the form;
// - dossier.search(text[, typeCodes[, limit]]) and dossier.linked([roleCode]): records the person
//   may see, through the host;
// - dossier.macroSearch{...}: asks the person to choose a record (task steps only; see below);
// - dossier.link(roleCode, record), dossier.comment([person,] text), dossier.createRecord{...} and
//   dossier.createDocument{...}: task steps only, done once the step completes.
struct MacroSearchRequest;

// What the host looks up while a macro runs. Records come as tables {entity = "Case" or
// "Person", type, id, title, values}, only those the person may see. Never throws.
class MacroHost {
 public:
  virtual ~MacroHost() = default;
  virtual boost::json::array search(std::string_view text, const std::vector<std::string>& types,
                                    std::size_t limit) noexcept = 0;
  virtual boost::json::array linked(std::string_view roleCode) noexcept = 0;
  // What the macro's print writes, as it writes it (at most kMostPrintBytes in a run): a runner
  // passes it on at once, so that what a run printed is kept even when it is killed.
  virtual void printed(std::string_view) noexcept {}
};

struct MacroInput {
  std::string event;  // beforeSave, afterSave, formClose, taskStep
  boost::json::object values;
  std::string user;
  bool isNew = false;
  std::string identifier;
  // The person's answers to the macro's earlier macro searches in this run, in order: a record
  // as the host gives them, or null when the person chose none.
  std::vector<boost::json::value> picks;
  MacroHost* host = nullptr;  // search and linked answer nothing without one
};

// A macro search the macro asks for (spec 2 §3 "Macro search page data"). A macro that asks for
// a choice it has no answer for stops there; the caller keeps the question and runs the macro
// again, from the start, with the answer in MacroInput::picks. Nothing the stopped run asked for
// is done, so running it again is safe.
struct MacroSearchRequest {
  std::vector<std::string> entityCodes;  // type codes; empty for any
  std::string entityType;                // Case, Person or All
  bool allowNew = false;
  bool includeDeregisteredObsolete = false;
  std::string defaultUserSearch;
  std::string prompt;  // what the person is asked ("Choose the witness")
};

// A role a task step's macro gives (the record holds `roleCode` on the record it runs for).
struct MacroLink {
  std::string roleCode;
  std::string entity;  // Case or Person
  std::string identifier;
};

// A record a task step's macro makes (saved as a person saving its form would), and the role it
// then holds on the record the task runs for, when one is named.
struct MacroNewRecord {
  std::string entity;  // Case or Person
  std::string typeRef;
  boost::json::object values;
  std::string roleCode;
};

// A text document a task step's macro files with the case it runs for.
struct MacroNewDocument {
  std::string title;
  std::string fileName;
  std::string text;
};

// A comment a task step's macro writes on a person (the record itself, or one it names).
struct MacroComment {
  std::string entity;
  std::string identifier;
  std::string text;
};

struct MacroNotice {
  std::string type;  // success, warning, info, error
  std::string message;
  int seconds = 0;  // alerts: how long it shows; 0 until closed
};

struct MacroOutcome {
  boost::json::object changes;
  std::map<std::string, std::string> fieldErrors;
  std::optional<std::string> refusal;
  std::vector<MacroNotice> notifications;
  std::vector<MacroNotice> alerts;
  std::optional<MacroSearchRequest> search;  // set when the run stopped to ask for a choice
  std::vector<MacroLink> links;
  std::vector<MacroComment> comments;
  std::vector<MacroNewRecord> records;
  std::vector<MacroNewDocument> documents;
};

// A macro asks for at most this many notifications and alerts in one run; more is an error.
inline constexpr std::size_t kMostNotices = 10;
// … and at most this many links, comments, and records from one search;
inline constexpr std::size_t kMostEffects = 20;
// … and at most this many new records and documents, a document of at most kMostDocumentBytes.
inline constexpr std::size_t kMostCreated = 5;
inline constexpr std::size_t kMostDocumentBytes = 1024 * 1024;
// … and at most this many searches and reads of linked records (each is real work for the server,
// which the instruction count does not see).
inline constexpr std::size_t kMostLookups = 50;

// Runs a macro in this process (see run). The server runs macros through sandbox::MacroRunners,
// in a child process that is killed at the deadline; this is what that child runs.
Result<MacroOutcome> runMacro(std::string_view chunkName, std::string_view source,
                              const MacroInput& input, const Limits& limits = {},
                              std::string* printed = nullptr);

}  // namespace dossier::sandbox
