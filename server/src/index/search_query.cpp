#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include <spdlog/spdlog.h>

#include "core/stopwatch.hpp"
#include "index/errors.hpp"
#include "index/extract.hpp"
#include "index/index_impl.hpp"
#include "index/index_terms.hpp"
#include "index/match_estimate.hpp"
#include "index/prefix_terms.hpp"
#include "index/ranking_weight.hpp"
#include "index/search_index.hpp"
#include "index/stored_hits.hpp"
#include "index/words.hpp"
#include "types/entity_type.hpp"

namespace dossier::index {

namespace {

// A prefix stands for at most this many words, the most common first, so that "a*" stays fast.
constexpr Xapian::termcount kPrefixExpansion = 100;
constexpr double kMatchTimeLimitSeconds = 2.0;
// Enough matches are counted exactly to fill the pager; beyond that the total is estimated.
constexpr Xapian::doccount kCountAtLeast = 200;
constexpr int kRetries = 5;
// The relevance a match only in a document's text may claim, when the search also has matches in
// titles, names or fields: a partial match at best (web/src/features/search/relevance.ts).
constexpr double kTextOnlyShare = 0.6;

// The words, each with the field's prefix: "" for titles, names and fields, kBodyPrefix for a
// document's text.
std::vector<std::string> inField(const std::string& prefix, const std::vector<std::string>& words) {
  std::vector<std::string> out;
  out.reserve(words.size());
  for (const auto& word : words) {
    out.push_back(prefix + word);
  }
  return out;
}

Xapian::Query phrase(const std::vector<std::string>& words) {
  if (words.size() == 1) {
    return Xapian::Query(words.front());
  }
  return Xapian::Query(Xapian::Query::OP_PHRASE, words.begin(), words.end());
}

// The identifier term of a word, when some entry has it. Most words are nobody's identifier, and
// their term would add nothing to a match but its cost: looked up and opened in each tier (a
// tenth of a common name's search), where this look-up reads the blocks the reader's own cursor
// holds already.
std::optional<Xapian::Query> identifierIn(const Xapian::Database& reader, const std::string& text) {
  auto term = std::string(kIdentifierPrefix) + Xapian::Unicode::tolower(text);
  if (!reader.term_exists(term)) {
    return std::nullopt;
  }
  return Xapian::Query(std::move(term));
}

// What the clause's words match in one field (its prefix: "" or kBodyPrefix).
Xapian::Query textQuery(const QueryClause& clause, const std::vector<std::string>& plainWords,
                        const std::string& prefix, KeptStems& stems,
                        const Xapian::Database& reader) {
  const auto words = inField(prefix, plainWords);
  switch (clause.kind) {
    case QueryClause::Kind::Phrase:
      return phrase(words);
    case QueryClause::Kind::Prefix: {
      std::vector<Xapian::Query> parts(words.begin(), words.end() - 1);
      parts.push_back(termsStartingWith(reader, words.back(), kPrefixExpansion));
      return Xapian::Query(Xapian::Query::OP_AND, parts.begin(), parts.end());
    }
    case QueryClause::Kind::Word:
      break;
  }
  return words.size() == 1
             ? Xapian::Query(std::string(kStemPrefix) + prefix + stems.of(plainWords.front()))
             : phrase(words);
}

// A clause in titles, names and fields: a word matches any form of it (by its stem) or an
// identifier written exactly; a word with punctuation inside ("cmp-2026-00042", "o'brien") is the
// phrase of its parts or that identifier.
Xapian::Query titlesQuery(const QueryClause& clause, const std::vector<std::string>& words,
                          KeptStems& stems, const Xapian::Database& reader) {
  auto text = textQuery(clause, words, "", stems, reader);
  switch (clause.kind) {
    case QueryClause::Kind::Phrase:
      return text;
    case QueryClause::Kind::Prefix:
      return Xapian::Query(
          Xapian::Query::OP_OR, text,
          termsStartingWith(reader,
                            std::string(kIdentifierPrefix) + Xapian::Unicode::tolower(clause.text),
                            kPrefixExpansion));
    case QueryClause::Kind::Word:
      break;
  }
  const auto exact = identifierIn(reader, clause.text);
  return exact ? Xapian::Query(Xapian::Query::OP_OR, text, *exact) : text;
}

// One clause of what was typed, in each of the two fields: titles, names and fields, and a
// document's text.
struct ClauseQueries {
  Xapian::Query titles;
  Xapian::Query text;
};

std::optional<ClauseQueries> clauseQuery(const QueryClause& clause, KeptStems& stems,
                                         const Xapian::Database& reader) {
  const auto words = wordsOf(clause.text);
  if (words.empty()) {
    return std::nullopt;
  }
  return ClauseQueries{titlesQuery(clause, words, stems, reader),
                       textQuery(clause, words, kBodyPrefix, stems, reader)};
}

// The words of a search as the two tiers it is ranked in (docs/decisions.md, "Search ranks in two
// tiers"): the entries holding every word in a title, name or field (or as an identifier), then,
// when documents are searched, those holding some word only in a document's text, ranked by the
// words of the text. Nothing typed to rank by: every entry, as one tier.
struct TieredQuery {
  bool ranked = false;
  Xapian::Query titles;
  std::optional<Xapian::Query> texts;
};

TieredQuery tieredQuery(const ParsedQuery& text, bool documents, KeptStems& stems,
                        const Xapian::Database& reader) {
  std::vector<Xapian::Query> titles;
  std::vector<Xapian::Query> anywhere;
  std::vector<Xapian::Query> onlyInText;
  std::vector<Xapian::Query> excluded;
  for (const auto& clause : text.clauses) {
    auto part = clauseQuery(clause, stems, reader);
    if (!part) {
      continue;
    }
    if (clause.excluded) {
      excluded.emplace_back(Xapian::Query::OP_OR, part->titles, part->text);
      continue;
    }
    titles.push_back(part->titles);
    // A word found in a title counts in the second tier as found, and no more: the text ranks.
    anywhere.emplace_back(Xapian::Query::OP_OR,
                          Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT, part->titles, 0.0),
                          part->text);
    onlyInText.emplace_back(Xapian::Query::OP_AND_NOT, part->text, part->titles);
  }
  TieredQuery out;
  out.ranked = !titles.empty();
  out.titles = out.ranked ? Xapian::Query(Xapian::Query::OP_AND, titles.begin(), titles.end())
                          : Xapian::Query::MatchAll;
  if (out.ranked && documents) {
    // Every word somewhere, and some word in the text but not the titles: led by the texts'
    // words, so that neither the matching nor Xapian's estimate of the count walks the titles.
    out.texts = Xapian::Query(
        Xapian::Query::OP_AND,
        Xapian::Query(Xapian::Query::OP_SCALE_WEIGHT,
                      Xapian::Query(Xapian::Query::OP_OR, onlyInText.begin(), onlyInText.end()),
                      0.0),
        Xapian::Query(Xapian::Query::OP_AND, anywhere.begin(), anywhere.end()));
  }
  if (!excluded.empty()) {
    const Xapian::Query leftOut(Xapian::Query::OP_OR, excluded.begin(), excluded.end());
    out.titles = Xapian::Query(Xapian::Query::OP_AND_NOT, out.titles, leftOut);
    if (out.texts) {
      out.texts = Xapian::Query(Xapian::Query::OP_AND_NOT, *out.texts, leftOut);
    }
  }
  return out;
}

Xapian::Query anyOf(const std::string& prefix, const std::vector<std::string>& values) {
  std::vector<Xapian::Query> terms;
  for (const auto& value : values) {
    terms.emplace_back(prefix + value);
  }
  return Xapian::Query(Xapian::Query::OP_OR, terms.begin(), terms.end());
}

Xapian::doccount frequencyOf(const IndexCensus& census, const std::vector<std::string>& keys) {
  Xapian::doccount total = 0;
  for (const auto& key : keys) {
    if (const auto found = census.typeFrequency.find(key); found != census.typeFrequency.end()) {
      total += found->second;
    }
  }
  return total;
}

// The identifier term of a search that is one word and nothing else (a case number, a person's
// id) when some entry has it, or nullopt.
std::optional<Xapian::Query> exactIdentifier(const ParsedQuery& text,
                                             const Xapian::Database& reader) {
  if (text.clauses.size() != 1 || text.clauses.front().kind != QueryClause::Kind::Word ||
      text.clauses.front().excluded) {
    return std::nullopt;
  }
  return identifierIn(reader, text.clauses.front().text);
}

// Who may see what, the asked types and the status, as boolean terms applied inside the match.
// Each restriction is written the cheap way round: a filter on the few records kept, or an
// exclusion of the few records left out — a filter matching nearly everything costs more than
// the words themselves. Nothing is written for what does not restrict.
struct Restrictions {
  std::vector<Xapian::Query> keep;
  std::vector<Xapian::Query> leaveOut;
  // Entries carrying any of these boolean terms are left out too (types not asked for, viewer
  // sets the person is in none of, inactive records): by the query, or by LeftOut below.
  std::vector<std::string> leaveOutTerms;
};

// Leaves out the entries that carry any of some boolean terms, asked only of the matches good
// enough to be shown or counted: Xapian decides a match's weight first, so a common word's
// 400,000 matches are not each checked against the 140,000 entries a person may not see, as an
// AND_NOT in the query had them. Every entry in the answer has passed it. Ranked matches come in
// increasing document id, so each term's posting list is walked once, forwards. The lists are
// opened at the first match asked about: a match that only counts asks about none, and opening
// them read a few blocks of the index for each.
class LeftOut final : public Xapian::MatchDecider {
 public:
  LeftOut(const Xapian::Database& reader, const std::vector<std::string>& terms)
      : reader_(reader), terms_(terms) {}

  bool operator()(const Xapian::Document& document) const override {
    const auto id = document.get_docid();
    if (cursors_.empty() || id < last_) {
      restart();
    }
    last_ = id;
    for (auto& at : cursors_) {
      if (at != Xapian::PostingIterator() && *at < id) {
        at.skip_to(id);
      }
      if (at != Xapian::PostingIterator() && *at == id) {
        return false;
      }
    }
    return true;
  }

 private:
  void restart() const {
    cursors_.clear();
    for (const auto& term : terms_) {
      cursors_.push_back(reader_.postlist_begin(term));
    }
    last_ = 0;
  }

  const Xapian::Database& reader_;
  const std::vector<std::string>& terms_;
  mutable std::vector<Xapian::PostingIterator> cursors_;
  mutable Xapian::docid last_ = 0;
};

Restrictions restrictionsOf(const SearchQuery& query, const types::Catalog& catalog,
                            const IndexCensus& census, const Xapian::Database& reader) {
  Restrictions out;
  // Records whose viewing groups hold none of the person's groups.
  std::set<std::string> groups;
  for (const auto& group : query.groups) {
    groups.insert(Xapian::Unicode::tolower(group));
  }
  std::set<std::string> hiddenViewers;
  // Documents also by the groups of their security group.
  for (const auto* prefix : {kViewersPrefix, kDocumentViewersPrefix}) {
    std::vector<std::string> hidden;
    const auto& sets = prefix == kViewersPrefix ? census.viewerSets : census.documentViewerSets;
    for (const auto& viewers : sets) {
      bool visible = false;
      std::size_t start = 0;
      while (!visible && start <= viewers.size()) {
        const auto comma = viewers.find(',', start);
        const auto end = comma == std::string::npos ? viewers.size() : comma;
        visible = groups.contains(viewers.substr(start, end - start));
        start = end + 1;
      }
      if (!visible) {
        hidden.push_back(viewers);
      }
    }
    for (const auto& viewers : hidden) {
      out.leaveOutTerms.push_back(prefix + viewers);
    }
    if (prefix == kViewersPrefix) {
      hiddenViewers.insert(hidden.begin(), hidden.end());
    }
  }
  // The types not asked for, less those whose every record is left out already by its viewing
  // groups (each record of a type carries its type's viewer set): a second exclusion of the same
  // entries would only be checked again for every match.
  const auto asked = [&](const std::string& key) {
    return std::find(query.typeKeys.begin(), query.typeKeys.end(), key) != query.typeKeys.end();
  };
  std::vector<std::string> unseen;
  if (!asked(kDocumentTypeKey)) {
    unseen.emplace_back(kDocumentTypeKey);
  }
  for (const auto& type : catalog.types) {
    auto key = typeKey(type->kind, type->ref);
    const bool hiddenAlready =
        census.ofThisConfiguration && hiddenViewers.contains(viewerSetOf(type->access.view));
    if (!asked(key) && !hiddenAlready) {
      unseen.push_back(std::move(key));
    }
  }
  if (!unseen.empty()) {
    if (frequencyOf(census, query.typeKeys) <= frequencyOf(census, unseen)) {
      out.keep.push_back(anyOf(kTypePrefix, query.typeKeys));
    } else {
      for (const auto& key : unseen) {
        out.leaveOutTerms.push_back(kTypePrefix + key);
      }
    }
  }
  // A record's exact number or id, typed alone, is found whatever the status filter: who types
  // CMP-2026-00042 means that case, closed or not (docs/decisions.md).
  const Xapian::Query inactive(std::string(kStatusPrefix) + "inactive");
  const auto exact = exactIdentifier(query.text, reader);
  if (query.status == StatusFilter::Active) {
    if (exact) {
      out.leaveOut.push_back(Xapian::Query(Xapian::Query::OP_AND_NOT, inactive, *exact));
    } else {
      out.leaveOutTerms.push_back(std::string(kStatusPrefix) + "inactive");
    }
  } else if (query.status == StatusFilter::Inactive) {
    out.keep.push_back(exact ? Xapian::Query(Xapian::Query::OP_OR, inactive, *exact) : inactive);
  }
  return out;
}

// The query with its restrictions; those by boolean terms in it too unless `decided` (by LeftOut).
Xapian::Query restricted(Xapian::Query match, const Restrictions& restrictions, bool decided) {
  auto leaveOut = restrictions.leaveOut;
  if (!decided) {
    for (const auto& term : restrictions.leaveOutTerms) {
      leaveOut.emplace_back(term);
    }
  }
  if (!restrictions.keep.empty()) {
    match = Xapian::Query(
        Xapian::Query::OP_FILTER, match,
        Xapian::Query(Xapian::Query::OP_AND, restrictions.keep.begin(), restrictions.keep.end()));
  }
  if (!leaveOut.empty()) {
    match = Xapian::Query(Xapian::Query::OP_AND_NOT, match,
                          Xapian::Query(Xapian::Query::OP_OR, leaveOut.begin(), leaveOut.end()));
  }
  return match;
}

SearchHit hitOf(const Xapian::MSetIterator& match, const Xapian::MSet& matches, bool ranked,
                double share, const ExtractWords& words, const StoredHit& stored) {
  SearchHit hit;
  static_cast<HitRecord&>(hit) = stored;
  // Xapian's own percentage scores how many of the query's terms matched, which put the best name
  // match at 50% and the rest at 49%; a share of the best weight of the hit's tier reads as people
  // expect, times the share its tier may claim.
  const double best = matches.get_max_attained();
  hit.relevance = ranked && best > 0 ? share * std::min(1.0, match.get_weight() / best) : 0;
  if (ranked && !stored.body.empty()) {
    // Made here rather than by Xapian's snippets, which stemmed every word of every passage
    // (docs/decisions.md, "Extracts are made by the search, with stems kept").
    auto extract = extractOf(stored.body, words);
    if (!extract.empty()) {
      hit.extracts.push_back(std::move(extract));
    }
  }
  return hit;
}

}  // namespace

PooledReader SearchIndex::Impl::borrowReader() {
  // Read before the reader opens or looks: a commit after this moves the count again.
  const auto committed = commits.load(std::memory_order_acquire);
  PooledReader reader;
  {
    std::lock_guard lock(readerMutex);
    if (readersGeneration != generation) {
      readers.clear();
      readersGeneration = generation;
    }
    if (!readers.empty()) {
      reader = std::move(readers.back());
      readers.pop_back();
    }
  }
  if (!reader.database) {
    reader.database = std::make_unique<Xapian::Database>(options.folder.string());
  } else if (reader.commitsSeen != committed) {
    reader->reopen();  // sees the latest commit
  }
  reader.commitsSeen = committed;
  return reader;
}

std::shared_ptr<const IndexCensus> SearchIndex::Impl::censusOf(const Xapian::Database& reader) {
  const auto revision = reader.get_revision();
  auto database = reader.get_uuid();
  {
    std::lock_guard lock(censusMutex);
    if (census && census->revision == revision && census->database == database) {
      return census;
    }
  }
  auto counted = std::make_shared<IndexCensus>();
  counted->revision = revision;
  counted->database = std::move(database);
  counted->ofThisConfiguration = reader.get_metadata(kFingerprintKey) == fingerprint;
  const std::string types(kTypePrefix);
  // Each of these terms is on every entry of its kind: jumped over, not walked through.
  forEachTermStartingWith(reader, types, [&](std::string&& term, Xapian::doccount frequency) {
    counted->typeFrequency[term.substr(types.size())] = frequency;
    return true;
  });
  for (const auto* prefix : {kViewersPrefix, kDocumentViewersPrefix}) {
    auto& sets = prefix == kViewersPrefix ? counted->viewerSets : counted->documentViewerSets;
    forEachTermStartingWith(reader, prefix, [&](std::string&& term, Xapian::doccount) {
      sets.push_back(term.substr(std::string_view(prefix).size()));
      return true;
    });
  }
  std::lock_guard lock(censusMutex);
  census = counted;
  return counted;
}

void SearchIndex::Impl::returnReader(PooledReader reader) {
  std::lock_guard lock(readerMutex);
  if (readersGeneration == generation && readers.size() < 16) {
    readers.push_back(std::move(reader));
  }
}

namespace {

StatusFilter leftOut(StatusFilter status) {
  return status == StatusFilter::Active ? StatusFilter::Inactive : StatusFilter::Active;
}

}  // namespace

Result<SearchPage> SearchIndex::search(const SearchQuery& query) {
  struct Reading {
    std::atomic<int>& count;
    explicit Reading(std::atomic<int>& c) : count(c) { ++count; }
    ~Reading() { --count; }
    Reading(const Reading&) = delete;
    Reading& operator=(const Reading&) = delete;
  } reading(impl_->searching);
  // The words' stems, for the query and the extracts: this thread's, kept between searches.
  auto& stems = KeptStems::ofThisThread(impl_->options.language);
  const bool documents = std::find(query.typeKeys.begin(), query.typeKeys.end(),
                                   kDocumentTypeKey) != query.typeKeys.end();
  if (query.typeKeys.empty()) {
    return SearchPage{};
  }
  for (int attempt = 1;; ++attempt) {
    try {
      // Opening a reader can fail as much as reading: inside the try.
      SearchPage page;
      Stopwatch stopwatch;
      auto reader = impl_->borrowReader();
      // Built for this reader: which words are some entry's identifier is read from it.
      const auto tiers = tieredQuery(query.text, documents, stems, *reader);
      const bool ranked = tiers.ranked;
      const auto census = impl_->censusOf(*reader);
      Xapian::Enquire enquire(*reader);
      // A bound on the time the match itself may take, whatever the query: past it Xapian stops
      // looking and the count is an estimate.
      enquire.set_time_limit(kMatchTimeLimitSeconds);
      // The matches under some restrictions. Ranked, those by terms are left out by LeftOut; a
      // list by document id (newest first) comes in decreasing ids and stops at its first page:
      // there the query leaves them out.
      const auto matchesUnder = [&](const Xapian::Query& match, const Restrictions& restrictions,
                                    Xapian::doccount first, Xapian::doccount count,
                                    Xapian::doccount atLeast) {
        enquire.set_query(restricted(match, restrictions, ranked));
        const LeftOut exclusion(*reader, restrictions.leaveOutTerms);
        return enquire.get_mset(
            first, count, atLeast, nullptr,
            ranked && !restrictions.leaveOutTerms.empty() ? &exclusion : nullptr);
      };
      // How many entries a match would give, only estimated: from its words' frequencies where
      // it allows (match_estimate.hpp), which opens none of their posting lists, else by Xapian.
      const auto estimateUnder = [&](const Xapian::Query& match,
                                     const Restrictions& restrictions) -> Xapian::doccount {
        if (const auto estimate =
                estimatedMatches(restricted(match, restrictions, ranked), *reader)) {
          return roughly(*estimate);
        }
        return matchesUnder(match, restrictions, 0, 0, 0).get_matches_estimated();
      };
      const auto restrictions = restrictionsOf(query, *impl_->options.catalog, *census, *reader);
      if (!ranked) {
        // Nothing to rank by: the newest records first.
        enquire.set_weighting_scheme(Xapian::BoolWeight());
        enquire.set_docid_order(Xapian::Enquire::DESCENDING);
      } else {
        // Each word a match holds weighs its rarity and its place (ranking_weight.hpp): bounds
        // Xapian can stop at as soon as the page is full.
        enquire.set_weighting_scheme(RankingWeight());
      }
      page.timings.restrictions = stopwatch.lap();
      const auto offset = static_cast<Xapian::doccount>(std::max(0, query.offset));
      const auto size = static_cast<Xapian::doccount>(std::max(1, query.pageSize));
      // The page from the first tier; what it leaves of the page from the second, which is
      // counted even when the first fills the page.
      const auto titles =
          matchesUnder(tiers.titles, restrictions, offset, size, offset + size + kCountAtLeast);
      const auto titlesTotal = titles.get_matches_estimated();
      page.total = titlesTotal;
      page.totalIsExact = titles.get_matches_lower_bound() == titles.get_matches_upper_bound();
      std::optional<Xapian::MSet> texts;
      if (tiers.texts) {
        // A first tier too large to count (a common word) is too large to count the second
        // against: its matches may be few, and finding them among the texts of the first tier's
        // entries costs reading them all; it is estimated from the index's statistics. A first
        // tier counted exactly is small, and so is that cost. Asked for at least one match even
        // when none is shown, since Xapian stops early only once it holds some; fewer than a
        // page from the first tier, its count is exact and the page goes on from the second.
        const auto left = size - titles.size();
        const auto first = left > 0 && offset > titlesTotal ? offset - titlesTotal : 0;
        if (!page.totalIsExact && left == 0) {
          page.total += estimateUnder(*tiers.texts, restrictions);
        } else {
          texts = matchesUnder(*tiers.texts, restrictions, first,
                               std::max<Xapian::doccount>(left, 1), first + left + kCountAtLeast);
          page.total += texts->get_matches_estimated();
          page.totalIsExact = page.totalIsExact &&
                              texts->get_matches_lower_bound() == texts->get_matches_upper_bound();
        }
      }
      page.timings.match = stopwatch.lap();
      const ExtractWords words(query.text, stems);
      const auto addHit = [&](const Xapian::MSetIterator& match, const Xapian::MSet& matches,
                              double share) {
        const auto stored = impl_->storedHits.of(census->database, census->revision, *match,
                                                 [&] { return match.get_document().get_data(); });
        page.hits.push_back(stored ? hitOf(match, matches, ranked, share, words, *stored)
                                   : SearchHit{});
      };
      for (auto it = titles.begin(); it != titles.end(); ++it) {
        addHit(it, titles, 1.0);
      }
      if (texts) {
        // Below every match of the first tier, if the search has any.
        const double share = titlesTotal == 0 ? 1.0 : kTextOnlyShare;
        for (auto it = texts->begin(); it != texts->end() && page.hits.size() < size; ++it) {
          addHit(it, *texts, share);
        }
      }
      page.timings.hits = stopwatch.lap();
      if (page.total == 0 && query.status != StatusFilter::All) {
        auto other = query;
        other.status = leftOut(query.status);
        const auto otherRestrictions =
            restrictionsOf(other, *impl_->options.catalog, *census, *reader);
        page.otherStatusCount = matchesUnder(tiers.titles, otherRestrictions, 0, 1, kCountAtLeast)
                                    .get_matches_estimated();
        if (tiers.texts) {
          page.otherStatusCount +=
              matchesUnder(*tiers.texts, otherRestrictions, 0, 1, kCountAtLeast)
                  .get_matches_estimated();
        }
        page.timings.otherStatus = stopwatch.lap();
      }
      impl_->returnReader(std::move(reader));
      return page;
    } catch (const Xapian::DatabaseModifiedError&) {
      // The indexer committed twice while this search read; read the latest and try again.
      if (attempt == kRetries) {
        return Error::of(errors::kBusy, "The search index is busy. Please search again.");
      }
    } catch (const Xapian::DatabaseCorruptError& error) {
      // A reader overtaken by the writer can also see blocks of a newer revision as "corrupt"
      // (the index on disk is sound); a fresh reader sees the latest revision whole.
      // Corrupt on every try: it is.
      if (attempt == kRetries) {
        return Error::of(errors::kFailed, "search: " + error.get_description());
      }
      spdlog::warn("search: read a revision being overwritten ({}); reading again",
                   error.get_description());
    } catch (const Xapian::Error& error) {
      // The library's words are for the log (the answer logs them with the correlation id).
      return Error::of(errors::kFailed, "search: " + error.get_description());
    }
  }
}

Result<std::vector<std::string>> SearchIndex::suggest(std::string_view word,
                                                      const std::vector<std::string>& typeKeys,
                                                      std::size_t limit) {
  const auto words = wordsOf(std::string(word));
  if (words.size() != 1 || typeKeys.empty()) {
    return std::vector<std::string>{};
  }
  // Three letters and more: only so many words of each type are looked at, so that a prefix of
  // a very common start stays fast. One or two: their commonest, kept between requests.
  constexpr std::size_t kScanPerType = 2000;
  const auto& typed = words.front();
  const bool kept = letterCount(typed) <= CommonWords::kKeptUpToLetters;
  const auto now = std::chrono::steady_clock::now();
  for (int attempt = 1;; ++attempt) {
    try {
      auto reader = impl_->borrowReader();
      std::map<std::string, Xapian::doccount> counts;
      for (const auto& key : typeKeys) {
        const auto prefix = std::string(kSuggestPrefix) + key + ":";
        if (kept) {
          // Held here while it is read: the keeper may replace its count meanwhile (another
          // suggestion counting again), and a range over the pointer's target alone would not
          // keep it (the server crashed so under the search bench).
          const auto common = impl_->commonWords.of(*reader, prefix, typed, now);
          for (const auto& [word, records] : *common) {
            counts[word] += records;
          }
          continue;
        }
        std::size_t scanned = 0;
        forEachTermStartingWith(*reader, prefix + typed,
                                [&](std::string&& term, Xapian::doccount frequency) {
                                  counts[term.substr(prefix.size())] += frequency;
                                  return ++scanned < kScanPerType;
                                });
      }
      impl_->returnReader(std::move(reader));
      std::vector<std::pair<std::string, Xapian::doccount>> ranked(counts.begin(), counts.end());
      std::stable_sort(ranked.begin(), ranked.end(),
                       [](const auto& a, const auto& b) { return a.second > b.second; });
      std::vector<std::string> out;
      for (const auto& [text, count] : ranked) {
        if (out.size() == limit) {
          break;
        }
        out.push_back(text);
      }
      return out;
    } catch (const Xapian::DatabaseModifiedError&) {
      if (attempt == kRetries) {
        return Error::of(errors::kBusy, "The search index is busy. Please try again.");
      }
    } catch (const Xapian::Error& error) {
      return Error::of(errors::kFailed, "suggest: " + error.get_description());
    }
  }
}

}  // namespace dossier::index
