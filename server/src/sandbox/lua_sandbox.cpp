#include "sandbox/lua_sandbox.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <lua.hpp>

#include "sandbox/errors.hpp"

namespace dossier::sandbox {

namespace {

// How often the hook looks at the clock and the count.
constexpr int kHookEvery = 1000;

struct RunState {
  Limits limits;
  std::size_t used = 0;
  std::size_t peak = 0;
  bool outOfMemory = false;
  std::uint64_t instructions = 0;
  std::chrono::steady_clock::time_point deadline;
  const char* stoppedBy = nullptr;  // the limit that stopped the run
  // What print wrote, at most kMostPrintBytes (reserved before the run: appending never
  // allocates while Lua may unwind past it), and how much more was dropped.
  std::string printed;
  std::size_t printDropped = 0;
  MacroHost* host = nullptr;  // told what print writes, as it is written

  void print(const char* text, std::size_t length) {
    const std::size_t room = kMostPrintBytes - printed.size();
    const std::size_t kept = std::min(room, length);
    printed.append(text, kept);
    printDropped += length - kept;
    if (host != nullptr && kept > 0) {
      host->printed(std::string_view(text, kept));
    }
  }
  std::string printedText() const {
    return printDropped == 0 ? printed
                             : printed + "\u2026 (" + std::to_string(printDropped) + " more bytes)";
  }
};

// Every allocation of the state goes through here, so that a script cannot take more than its cap.
void* allocate(void* user, void* block, std::size_t oldSize, std::size_t newSize) {
  auto& state = *static_cast<RunState*>(user);
  const std::size_t before = block != nullptr ? oldSize : 0;
  if (newSize == 0) {
    std::free(block);
    state.used -= before;
    return nullptr;
  }
  if (newSize > before && state.used + (newSize - before) > state.limits.memoryBytes) {
    state.outOfMemory = true;
    return nullptr;  // Lua raises a memory error, which ends the run
  }
  void* grown = std::realloc(block, newSize);
  if (grown == nullptr) {
    state.outOfMemory = true;
    return nullptr;
  }
  state.used = state.used - before + newSize;
  state.peak = std::max(state.peak, state.used);
  return grown;
}

RunState& runStateOf(lua_State* lua) {
  void* user = nullptr;
  lua_getallocf(lua, &user);
  return *static_cast<RunState*>(user);
}

void hook(lua_State* lua, lua_Debug* debug);

// Once a limit is met the hook runs before every instruction, so that a script which catches the
// stop with pcall meets it again at its very next instruction, outside the pcall.
[[noreturn]] void stop(lua_State* lua, RunState& state, const char* why) {
  state.stoppedBy = why;
  lua_sethook(lua, hook, LUA_MASKCOUNT, 1);
  luaL_error(lua, "stopped: %s", why);
  std::abort();  // luaL_error does not return
}

void hook(lua_State* lua, lua_Debug* debug) {
  auto& state = runStateOf(lua);
  if (state.stoppedBy != nullptr) {
    stop(lua, state, state.stoppedBy);
  }
  if (debug->event == LUA_HOOKCOUNT) {
    state.instructions += kHookEvery;
    if (state.instructions > state.limits.instructions) {
      stop(lua, state, "it ran too many instructions");
    }
    if (std::chrono::steady_clock::now() > state.deadline) {
      stop(lua, state, "it ran too long");
    }
  } else if (debug->event == LUA_HOOKCALL) {
    lua_Debug frame;
    int depth = 0;
    while (depth <= state.limits.callDepth && lua_getstack(lua, depth, &frame) != 0) {
      ++depth;
    }
    if (depth > state.limits.callDepth) {
      stop(lua, state, "its calls went too deep");
    }
  }
}

// load() of text only: binary chunks (bytecode) can break the VM's guarantees.
int loadText(lua_State* lua) {
  std::size_t length = 0;
  const char* text = luaL_checklstring(lua, 1, &length);
  const char* name = luaL_optstring(lua, 2, "=load");
  if (luaL_loadbufferx(lua, text, length, name, "t") != LUA_OK) {
    lua_pushnil(lua);
    lua_insert(lua, -2);
    return 2;
  }
  return 1;
}

// print(...) as Lua's, into the run's own bounded record instead of the server's output; a line
// at a time.
int capturedPrint(lua_State* lua) {
  const int count = lua_gettop(lua);
  luaL_Buffer line;
  luaL_buffinit(lua, &line);
  for (int i = 1; i <= count; ++i) {
    luaL_tolstring(lua, i, nullptr);
    luaL_addvalue(&line);
    if (i < count) {
      luaL_addchar(&line, '\t');
    }
  }
  luaL_addchar(&line, '\n');
  luaL_pushresult(&line);
  std::size_t length = 0;
  const char* text = lua_tolstring(lua, -1, &length);
  runStateOf(lua).print(text, length);
  return 0;
}

// string.rep(s, n[, sep]) as Lua's, refused before it starts when its result would not fit in the
// macro's memory or it would repeat more than kMostRepeats times (even empty strings: Lua's own
// loop runs in C, where the hook never does).
int cappedRep(lua_State* lua) {
  auto& state = runStateOf(lua);
  std::size_t length = 0;
  std::size_t separatorLength = 0;
  const char* text = luaL_checklstring(lua, 1, &length);
  const lua_Integer count = luaL_checkinteger(lua, 2);
  const char* separator = luaL_optlstring(lua, 3, "", &separatorLength);
  if (count <= 0) {
    lua_pushliteral(lua, "");
    return 1;
  }
  const auto times = static_cast<unsigned long long>(count);
  const unsigned long long each = length + separatorLength;
  const unsigned long long most = state.limits.memoryBytes;
  if (each != 0 && (times > most / each + 1 || times * each - separatorLength > most)) {
    state.outOfMemory = true;
    return luaL_error(lua, "string.rep: the result would not fit in the macro's memory");
  }
  if (times > kMostRepeats) {
    return luaL_error(lua, "string.rep: at most %d repeats in a macro",
                      static_cast<int>(kMostRepeats));
  }
  const std::size_t total = static_cast<std::size_t>(times * each - separatorLength);
  luaL_Buffer buffer;
  char* out = luaL_buffinitsize(lua, &buffer, total);
  for (unsigned long long i = 0; i < times; ++i) {
    std::memcpy(out, text, length);
    out += length;
    if (i + 1 < times) {
      std::memcpy(out, separator, separatorLength);
      out += separatorLength;
    }
  }
  luaL_pushresultsize(&buffer, total);
  return 1;
}

// setmetatable as Lua's, except that a metatable with __gc is refused: Lua runs finalizers with
// the hook turned off, so one that loops would never meet the macro's limits. (A __gc added to a
// metatable afterwards does not make a finalizer in Lua 5.4.)
int setmetatableWithoutFinalizers(lua_State* lua) {
  if (lua_type(lua, 2) == LUA_TTABLE) {
    lua_pushliteral(lua, "__gc");
    const bool finalizer = lua_rawget(lua, 2) != LUA_TNIL;
    lua_pop(lua, 1);
    if (finalizer) {
      return luaL_error(lua, "setmetatable: a macro may not give a table a finalizer (__gc)");
    }
  }
  lua_pushvalue(lua, lua_upvalueindex(1));
  lua_insert(lua, 1);
  lua_call(lua, lua_gettop(lua) - 1, 1);
  return 1;
}

void openSafeLibraries(lua_State* lua) {
  luaL_requiref(lua, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(lua, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(lua, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(lua, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(lua, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_settop(lua, 0);
  // What in base reaches files or the collector, and string.dump (bytecode out), are taken away.
  for (const char* name : {"dofile", "loadfile", "collectgarbage", "require"}) {
    lua_pushnil(lua);
    lua_setglobal(lua, name);
  }
  lua_pushcfunction(lua, loadText);
  lua_setglobal(lua, "load");
  lua_pushcfunction(lua, capturedPrint);
  lua_setglobal(lua, "print");
  lua_getglobal(lua, "setmetatable");
  lua_pushcclosure(lua, setmetatableWithoutFinalizers, 1);
  lua_setglobal(lua, "setmetatable");
  lua_getglobal(lua, LUA_STRLIBNAME);
  lua_pushnil(lua);
  lua_setfield(lua, -2, "dump");
  lua_pushcfunction(lua, cappedRep);
  lua_setfield(lua, -2, "rep");
  lua_pop(lua, 1);
  // Strings share one metatable; a script must not be able to change what every string does.
  lua_pushliteral(lua, "");
  if (lua_getmetatable(lua, -1) != 0) {
    lua_pushliteral(lua, "the string metatable is not the macro's");
    lua_setfield(lua, -2, "__metatable");
    lua_pop(lua, 1);
  }
  lua_pop(lua, 1);
}

// A message cut to what a person reads (and a log line holds), at a character's start.
std::string shortened(std::string text) {
  if (text.size() <= kMostMessageBytes) {
    return text;
  }
  std::size_t end = kMostMessageBytes;
  while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) {
    --end;
  }
  text.resize(end);
  return text + "\u2026";
}

std::string shown(lua_State* lua, int index) {
  switch (lua_type(lua, index)) {
    case LUA_TNIL:
      return "nil";
    case LUA_TBOOLEAN:
      return lua_toboolean(lua, index) != 0 ? "true" : "false";
    case LUA_TNUMBER:
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(lua, index, &length);
      return std::string(text, length);
    }
    default:
      return luaL_typename(lua, index);
  }
}

// Runs a chunk in a fresh, limited state: prepare adds the globals of its host API before it runs;
// finish reads what it returned (at the top of the stack) and anything the API collected.
Result<RunResult> execute(std::string_view chunkName, std::string_view source, const Limits& limits,
                          const std::function<void(lua_State*)>& prepare, std::string* printed) {
  RunState state;
  state.limits = limits;
  state.deadline = std::chrono::steady_clock::now() + limits.wallClock;
  state.printed.reserve(kMostPrintBytes);
  // Declared before the state's closer, so that it hands over what print wrote once the state is
  // closed, whichever way the run ends.
  struct PrintedOut {
    RunState& state;
    std::string* into;
    ~PrintedOut() {
      if (into != nullptr) {
        *into = state.printedText();
      }
    }
  } printedOut{state, printed};
  lua_State* lua = lua_newstate(allocate, &state);
  if (lua == nullptr) {
    return Error::of(errors::kMacroState, "The macro could not be started: no memory.");
  }
  struct Closer {
    lua_State* lua;
    ~Closer() { lua_close(lua); }
  } closer{lua};
  openSafeLibraries(lua);
  if (prepare) {
    prepare(lua);
  }
  lua_sethook(lua, hook, LUA_MASKCOUNT | LUA_MASKCALL, kHookEvery);

  const std::string name = "=" + std::string(chunkName);
  auto failed = [&](const char* what) -> Error {
    std::string message = lua_type(lua, -1) == LUA_TSTRING ? lua_tostring(lua, -1) : what;
    if (state.outOfMemory) {
      message = "stopped: it used more than " + std::to_string(limits.memoryBytes / (1024 * 1024)) +
                " MB";
    } else if (state.stoppedBy != nullptr) {
      // Whatever the script raised after the stop (it may have caught it), the stop is the cause.
      message = std::string("stopped: ") + state.stoppedBy;
    }
    return Error::of(errors::kMacroFailed,
                     "The macro " + std::string(chunkName) + " failed: " + shortened(message));
  };
  if (luaL_loadbufferx(lua, source.data(), source.size(), name.c_str(), "t") != LUA_OK) {
    return failed("it does not compile");
  }
  if (lua_pcall(lua, 0, 1, 0) != LUA_OK) {
    return failed("it raised an error");
  }
  RunResult result;
  result.returned = shown(lua, -1);
  result.instructions = state.instructions;
  result.peakMemoryBytes = state.peak;
  return result;
}

// JSON values as Lua values: objects and arrays become tables (arrays from 1).
void push(lua_State* lua, const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null:
      lua_pushnil(lua);
      break;
    case boost::json::kind::bool_:
      lua_pushboolean(lua, value.get_bool() ? 1 : 0);
      break;
    case boost::json::kind::int64:
      lua_pushinteger(lua, static_cast<lua_Integer>(value.get_int64()));
      break;
    case boost::json::kind::uint64:
      lua_pushinteger(lua, static_cast<lua_Integer>(value.get_uint64()));
      break;
    case boost::json::kind::double_:
      lua_pushnumber(lua, value.get_double());
      break;
    case boost::json::kind::string:
      lua_pushlstring(lua, value.get_string().data(), value.get_string().size());
      break;
    case boost::json::kind::array: {
      const auto& array = value.get_array();
      lua_createtable(lua, static_cast<int>(array.size()), 0);
      for (std::size_t i = 0; i < array.size(); ++i) {
        push(lua, array[i]);
        lua_rawseti(lua, -2, static_cast<lua_Integer>(i + 1));
      }
      break;
    }
    case boost::json::kind::object: {
      lua_newtable(lua);
      for (const auto& [key, each] : value.get_object()) {
        push(lua, each);
        lua_setfield(lua, -2, std::string(key).c_str());
      }
      break;
    }
  }
}

// A Lua value as JSON; a table with keys 1..n is an array, any other table an object (string keys).
boost::json::value toJson(lua_State* lua, int index, int depth = 0) {
  index = lua_absindex(lua, index);
  switch (lua_type(lua, index)) {
    case LUA_TBOOLEAN:
      return lua_toboolean(lua, index) != 0;
    case LUA_TNUMBER:
      if (lua_isinteger(lua, index) != 0) {
        return static_cast<std::int64_t>(lua_tointeger(lua, index));
      }
      return lua_tonumber(lua, index);
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(lua, index, &length);
      return boost::json::string(text, length);
    }
    case LUA_TTABLE: {
      if (depth > 20) {
        return nullptr;
      }
      const auto length = luaL_len(lua, index);
      if (length > 0) {
        boost::json::array array;
        for (lua_Integer i = 1; i <= length; ++i) {
          lua_rawgeti(lua, index, i);
          array.push_back(toJson(lua, -1, depth + 1));
          lua_pop(lua, 1);
        }
        return array;
      }
      boost::json::object object;
      lua_pushnil(lua);
      while (lua_next(lua, index) != 0) {
        if (lua_type(lua, -2) == LUA_TSTRING) {
          object[lua_tostring(lua, -2)] = toJson(lua, -1, depth + 1);
        }
        lua_pop(lua, 1);
      }
      return object;
    }
    default:
      return nullptr;
  }
}

// What the host API's functions share in one run: the outcome they add to, what the host gave, and
// how many of the person's answers have been handed out. The functions keep anything with a
// destructor here rather than on their own frames, because a Lua error unwinds with longjmp.
struct MacroRunState {
  MacroOutcome* outcome = nullptr;
  const MacroInput* input = nullptr;
  std::size_t picksUsed = 0;
  bool waiting = false;  // stopped to ask for a choice
  std::size_t lookups = 0;
  std::vector<std::string> types;
  boost::json::array found;
};

MacroRunState& macroRunOf(lua_State* lua) {
  return *static_cast<MacroRunState*>(lua_touserdata(lua, lua_upvalueindex(1)));
}

MacroOutcome& outcomeOf(lua_State* lua) {
  auto& run = macroRunOf(lua);
  if (run.waiting) {
    // A script that caught the stop with pcall goes no further than its next call.
    luaL_error(lua, "dossier: this run is waiting for the person's choice");
  }
  return *run.outcome;
}

int setField(lua_State* lua) {
  const char* field = luaL_checkstring(lua, 1);
  luaL_checkany(lua, 2);
  outcomeOf(lua).changes[field] = toJson(lua, 2);
  return 0;
}

int fieldError(lua_State* lua) {
  const char* field = luaL_checkstring(lua, 1);
  const char* message = luaL_checkstring(lua, 2);
  outcomeOf(lua).fieldErrors[field] = shortened(message);
  return 0;
}

int refuse(lua_State* lua) {
  outcomeOf(lua).refusal = shortened(luaL_checkstring(lua, 1));
  return 0;
}

MacroNotice noticeOf(lua_State* lua, const char* what, std::size_t already) {
  const char* type = luaL_checkstring(lua, 1);
  const std::string_view kind(type);
  if (kind != "success" && kind != "warning" && kind != "info" && kind != "error") {
    luaL_error(lua, "dossier.%s: the type is success, warning, info or error, not '%s'", what,
               type);
  }
  if (already >= kMostNotices) {
    luaL_error(lua, "dossier.%s: at most %d in one run", what, static_cast<int>(kMostNotices));
  }
  const char* message = luaL_checkstring(lua, 2);  // before any string is made: Lua longjmps
  return {type, shortened(message), 0};
}

int notify(lua_State* lua) {
  auto& outcome = outcomeOf(lua);
  outcome.notifications.push_back(noticeOf(lua, "notify", outcome.notifications.size()));
  return 0;
}

int alert(lua_State* lua) {
  auto& outcome = outcomeOf(lua);
  auto notice = noticeOf(lua, "alert", outcome.alerts.size());
  const auto seconds = luaL_optinteger(lua, 3, 0);
  notice.seconds = static_cast<int>(std::clamp<lua_Integer>(seconds, 0, 3600));
  outcome.alerts.push_back(std::move(notice));
  return 0;
}

int onlyBeforeSave(lua_State* lua) {
  return luaL_error(lua, "dossier.setField and dossier.fieldError work only before a save");
}

int onlyInTaskSteps(lua_State* lua) {
  return luaL_error(lua,
                    "dossier.macroSearch, link, comment, createRecord and createDocument work only "
                    "in task steps");
}

// A string field of the table at `index`, or nullptr.
const char* stringField(lua_State* lua, int index, const char* key) {
  lua_getfield(lua, index, key);
  const char* text = lua_type(lua, -1) == LUA_TSTRING ? lua_tostring(lua, -1) : nullptr;
  lua_pop(lua, 1);  // the string stays alive: the table still holds it
  return text;
}

bool booleanField(lua_State* lua, int index, const char* key) {
  lua_getfield(lua, index, key);
  const bool on = lua_toboolean(lua, -1) != 0;
  lua_pop(lua, 1);
  return on;
}

// Type codes from the table at `index` (nil for none) into the run's scratch list.
void readTypes(lua_State* lua, int index, const char* what) {
  auto& run = macroRunOf(lua);
  run.types.clear();
  index = lua_absindex(lua, index);
  if (lua_isnoneornil(lua, index)) {
    return;
  }
  luaL_checktype(lua, index, LUA_TTABLE);
  const auto length = luaL_len(lua, index);
  if (length > static_cast<lua_Integer>(kMostEffects)) {
    luaL_error(lua, "%s: at most %d types", what, static_cast<int>(kMostEffects));
  }
  for (lua_Integer i = 1; i <= length; ++i) {
    lua_rawgeti(lua, index, i);
    if (lua_type(lua, -1) != LUA_TSTRING) {
      luaL_error(lua, "%s: types are codes such as \"IND\"", what);
    }
    run.types.emplace_back(lua_tostring(lua, -1));
    lua_pop(lua, 1);
  }
}

// dossier.macroSearch{entityCodes =, entityType =, allowNew =, includeDeregisteredObsolete =,
// search =, prompt =}: the person's choice (a record table), nil when they chose none; or, when
// they have not been asked yet, the run stops here and the question goes to the caller.
int macroSearch(lua_State* lua) {
  auto& run = macroRunOf(lua);
  outcomeOf(lua);  // not after a stop
  luaL_checktype(lua, 1, LUA_TTABLE);
  lua_getfield(lua, 1, "entityCodes");
  readTypes(lua, -1, "dossier.macroSearch");
  lua_pop(lua, 1);
  const char* entityType = stringField(lua, 1, "entityType");
  if (entityType != nullptr && std::string_view(entityType) != "Case" &&
      std::string_view(entityType) != "Person" && std::string_view(entityType) != "All") {
    return luaL_error(lua, "dossier.macroSearch: entityType is Case, Person or All");
  }
  if (run.picksUsed < run.input->picks.size()) {
    push(lua, run.input->picks[run.picksUsed++]);
    return 1;
  }
  {
    auto& request = run.outcome->search.emplace();
    request.entityCodes = run.types;
    request.entityType = entityType != nullptr ? entityType : "All";
    request.allowNew = booleanField(lua, 1, "allowNew");
    request.includeDeregisteredObsolete = booleanField(lua, 1, "includeDeregisteredObsolete");
    const char* search = stringField(lua, 1, "search");
    request.defaultUserSearch = search != nullptr ? std::string(search).substr(0, 200) : "";
    const char* prompt = stringField(lua, 1, "prompt");
    request.prompt = prompt != nullptr ? std::string(prompt).substr(0, 200) : "";
  }
  run.waiting = true;
  lua_pushliteral(lua, "dossier.macroSearch: waiting for the person's choice");
  return lua_error(lua);
}

// dossier.search(text[, typeCodes[, limit]]): at most `limit` (20) records the person may see.
// Counts a search or read of linked records against the run's allowance.
void countLookup(lua_State* lua, const char* what) {
  auto& run = macroRunOf(lua);
  if (++run.lookups > kMostLookups) {
    luaL_error(lua, "%s: at most %d searches and reads of linked records in one run", what,
               static_cast<int>(kMostLookups));
  }
}

int hostSearch(lua_State* lua) {
  auto& run = macroRunOf(lua);
  outcomeOf(lua);
  countLookup(lua, "dossier.search");
  std::size_t length = 0;
  const char* text = luaL_checklstring(lua, 1, &length);
  readTypes(lua, 2, "dossier.search");
  const auto limit = std::clamp<lua_Integer>(luaL_optinteger(lua, 3, 20), 1,
                                             static_cast<lua_Integer>(kMostEffects));
  run.found = run.input->host != nullptr
                  ? run.input->host->search(std::string_view(text, length), run.types,
                                            static_cast<std::size_t>(limit))
                  : boost::json::array();
  push(lua, run.found);
  return 1;
}

// dossier.linked([roleCode]): the records linked to this one (under that role), that the person
// may see.
int hostLinked(lua_State* lua) {
  auto& run = macroRunOf(lua);
  outcomeOf(lua);
  countLookup(lua, "dossier.linked");
  std::size_t length = 0;
  const char* role = luaL_optlstring(lua, 1, "", &length);
  run.found = run.input->host != nullptr ? run.input->host->linked(std::string_view(role, length))
                                         : boost::json::array();
  push(lua, run.found);
  return 1;
}

// The entity and id of a record table (as search, linked and macroSearch give them).
std::pair<const char*, const char*> recordOf(lua_State* lua, int index, const char* what) {
  luaL_checktype(lua, index, LUA_TTABLE);
  const char* entity = stringField(lua, index, "entity");
  lua_getfield(lua, index, "id");
  const char* id = lua_type(lua, -1) == LUA_TSTRING || lua_type(lua, -1) == LUA_TNUMBER
                       ? lua_tostring(lua, -1)
                       : nullptr;
  lua_pop(lua, 1);
  if (entity == nullptr || id == nullptr ||
      (std::string_view(entity) != "Case" && std::string_view(entity) != "Person")) {
    luaL_error(lua, "%s: a record is a table with entity (Case or Person) and id", what);
  }
  return {entity, id};
}

// dossier.link(roleCode, record): the record holds the role on the one the task runs for.
int hostLink(lua_State* lua) {
  const char* role = luaL_checkstring(lua, 1);
  const auto [entity, id] = recordOf(lua, 2, "dossier.link");
  auto& outcome = outcomeOf(lua);
  if (outcome.links.size() >= kMostEffects) {
    return luaL_error(lua, "dossier.link: at most %d in one run", static_cast<int>(kMostEffects));
  }
  outcome.links.push_back({role, entity, id});
  return 0;
}

// dossier.comment([person,] text): a comment on the person (the record itself when not named).
int hostComment(lua_State* lua) {
  const bool named = lua_type(lua, 1) == LUA_TTABLE;
  const auto [entity, id] =
      named ? recordOf(lua, 1, "dossier.comment") : std::pair<const char*, const char*>{"", ""};
  std::size_t length = 0;
  const char* text = luaL_checklstring(lua, named ? 2 : 1, &length);
  if (length == 0 || length > 4000) {
    return luaL_error(lua, "dossier.comment: a comment has 1 to 4000 characters");
  }
  auto& outcome = outcomeOf(lua);
  if (outcome.comments.size() >= kMostEffects) {
    return luaL_error(lua, "dossier.comment: at most %d in one run",
                      static_cast<int>(kMostEffects));
  }
  outcome.comments.push_back({entity, id, std::string(text, length)});
  return 0;
}

// dossier.createRecord{entity = "Person", type = "IND", values = {...}[, role = "WITNESS"]}.
int hostCreateRecord(lua_State* lua) {
  luaL_checktype(lua, 1, LUA_TTABLE);
  const char* entity = stringField(lua, 1, "entity");
  const char* type = stringField(lua, 1, "type");
  const char* role = stringField(lua, 1, "role");
  if (entity == nullptr ||
      (std::string_view(entity) != "Case" && std::string_view(entity) != "Person") ||
      type == nullptr) {
    return luaL_error(lua, "dossier.createRecord: name the entity (Case or Person) and the type");
  }
  lua_getfield(lua, 1, "values");
  if (!lua_isnil(lua, -1) && !lua_istable(lua, -1)) {
    return luaL_error(lua, "dossier.createRecord: values is a table of field ids and values");
  }
  auto& outcome = outcomeOf(lua);
  if (outcome.records.size() >= kMostCreated) {
    return luaL_error(lua, "dossier.createRecord: at most %d in one run",
                      static_cast<int>(kMostCreated));
  }
  {
    auto& made = outcome.records.emplace_back();
    made.entity = entity;
    made.typeRef = type;
    made.roleCode = role != nullptr ? role : "";
    if (lua_istable(lua, -1)) {
      auto values = toJson(lua, -1);
      if (values.is_object()) {
        made.values = std::move(values.as_object());
      }
    }
  }
  lua_pop(lua, 1);
  return 0;
}

// dossier.createDocument{title = "...", text = "..."[, fileName = "notes.txt"]}.
int hostCreateDocument(lua_State* lua) {
  luaL_checktype(lua, 1, LUA_TTABLE);
  const char* title = stringField(lua, 1, "title");
  const char* fileName = stringField(lua, 1, "fileName");
  lua_getfield(lua, 1, "text");
  std::size_t length = 0;
  const char* text = lua_type(lua, -1) == LUA_TSTRING ? lua_tolstring(lua, -1, &length) : nullptr;
  if (title == nullptr || *title == '\0' || text == nullptr) {
    return luaL_error(lua, "dossier.createDocument: a document has a title and its text");
  }
  if (length > kMostDocumentBytes) {
    return luaL_error(lua, "dossier.createDocument: the text is at most %d bytes",
                      static_cast<int>(kMostDocumentBytes));
  }
  auto& outcome = outcomeOf(lua);
  if (outcome.documents.size() >= kMostCreated) {
    return luaL_error(lua, "dossier.createDocument: at most %d in one run",
                      static_cast<int>(kMostCreated));
  }
  outcome.documents.push_back(
      {title, fileName != nullptr ? fileName : "", std::string(text, length)});
  lua_pop(lua, 1);
  return 0;
}

}  // namespace

Result<RunResult> run(std::string_view chunkName, std::string_view source, const Limits& limits,
                      std::string* printed) {
  return execute(chunkName, source, limits, {}, printed);
}

std::optional<std::string> compileError(std::string_view chunkName, std::string_view source) {
  lua_State* lua = luaL_newstate();
  if (lua == nullptr) {
    return "no memory to compile it";
  }
  const std::string name = "=" + std::string(chunkName);
  std::optional<std::string> problem;
  if (luaL_loadbufferx(lua, source.data(), source.size(), name.c_str(), "t") != LUA_OK) {
    problem = lua_tostring(lua, -1);
  }
  lua_close(lua);
  return problem;
}

Result<MacroOutcome> runMacro(std::string_view chunkName, std::string_view source,
                              const MacroInput& input, const Limits& limits, std::string* printed) {
  MacroOutcome outcome;
  MacroRunState run;
  run.outcome = &outcome;
  run.input = &input;
  const bool beforeSave = input.event == "beforeSave";
  const bool taskStep = input.event == "taskStep";
  auto ran = execute(
      chunkName, source, limits,
      [&](lua_State* lua) {
        runStateOf(lua).host = input.host;
        push(lua, boost::json::value(input.values));
        lua_setglobal(lua, "record");
        lua_newtable(lua);
        const std::pair<const char*, lua_CFunction> api[] = {
            {"setField", beforeSave ? setField : onlyBeforeSave},
            {"fieldError", beforeSave ? fieldError : onlyBeforeSave},
            {"refuse", refuse},
            {"notify", notify},
            {"alert", alert},
            {"search", hostSearch},
            {"linked", hostLinked},
            {"macroSearch", taskStep ? macroSearch : onlyInTaskSteps},
            {"link", taskStep ? hostLink : onlyInTaskSteps},
            {"comment", taskStep ? hostComment : onlyInTaskSteps},
            {"createRecord", taskStep ? hostCreateRecord : onlyInTaskSteps},
            {"createDocument", taskStep ? hostCreateDocument : onlyInTaskSteps}};
        for (const auto& [name, function] : api) {
          lua_pushlightuserdata(lua, &run);
          lua_pushcclosure(lua, function, 1);
          lua_setfield(lua, -2, name);
        }
        for (const auto& [name, text] :
             {std::pair{"user", &input.user}, std::pair{"event", &input.event},
              std::pair{"id", &input.identifier}}) {
          lua_pushlstring(lua, text->data(), text->size());
          lua_setfield(lua, -2, name);
        }
        lua_pushboolean(lua, input.isNew ? 1 : 0);
        lua_setfield(lua, -2, "isNew");
        lua_setglobal(lua, "dossier");
      },
      printed);
  if (run.waiting) {
    // Whatever else the run asked for waits for the run that has the answer.
    MacroOutcome waiting;
    waiting.search = std::move(outcome.search);
    return waiting;
  }
  if (!ran) {
    return std::move(ran).error();
  }
  return outcome;
}

}  // namespace dossier::sandbox
