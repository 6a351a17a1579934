import { AnalyticsScreen } from "../analytics/AnalyticsScreen";

/** /employee-management/analytics: hours, lateness, absences, overtime and labour against collections, beside the comparison period. */
export default function AnalyticsRoute() {
  return <AnalyticsScreen />;
}
