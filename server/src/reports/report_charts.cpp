#include "reports/report_charts.hpp"

#include <algorithm>
#include <optional>

#include <boost/json/object.hpp>

namespace dossier::reports {

namespace json = boost::json;

namespace {

std::size_t positionOf(const std::vector<ResultColumn>& columns, const std::string& id) {
  return static_cast<std::size_t>(
      std::find_if(columns.begin(), columns.end(), [&](const auto& c) { return c.id == id; }) -
      columns.begin());
}

std::size_t indexIn(std::vector<std::string>& values, const std::string& value) {
  const auto found = std::find(values.begin(), values.end(), value);
  if (found != values.end()) {
    return static_cast<std::size_t>(found - values.begin());
  }
  values.push_back(value);
  return values.size() - 1;
}

}  // namespace

json::array chartsOf(const types::ReportDefinition& report,
                     const std::vector<std::vector<Cell>>& rows) {
  json::array charts;
  const auto columns = resultColumns(report);
  for (const auto& chart : report.charts) {
    const auto category = positionOf(columns, chart.category);
    const auto value = positionOf(columns, chart.value);
    const auto series = chart.series.empty() ? columns.size() : positionOf(columns, chart.series);
    std::vector<std::string> categories;
    std::vector<std::string> names;
    std::vector<std::vector<std::optional<double>>> data;
    for (const auto& row : rows) {
      const auto at = indexIn(categories, cellText(row[category], columns[category].type));
      const auto name = series < columns.size() ? cellText(row[series], columns[series].type)
                                                : columns[value].label;
      const auto line = indexIn(names, name);
      data.resize(names.size());
      for (auto& points : data) {
        points.resize(categories.size());
      }
      if (const auto* number = std::get_if<double>(&row[value])) {
        data[line][at] = data[line][at].value_or(0) + *number;
      }
    }
    json::array seriesJson;
    for (std::size_t i = 0; i < names.size(); ++i) {
      json::array points;
      for (const auto& point : data[i]) {
        points.push_back(point ? json::value(*point) : json::value(nullptr));
      }
      seriesJson.push_back(json::object{{"name", names[i]}, {"data", std::move(points)}});
    }
    json::array categoriesJson;
    for (auto& each : categories) {
      categoriesJson.push_back(json::value(each.empty() ? "(none)" : each));
    }
    charts.push_back(json::object{{"type", types::chartTypeWord(chart.type)},
                                  {"title", chart.title},
                                  {"categoryLabel", columns[category].label},
                                  {"valueLabel", columns[value].label},
                                  {"categories", std::move(categoriesJson)},
                                  {"series", std::move(seriesJson)}});
  }
  return charts;
}

}  // namespace dossier::reports
