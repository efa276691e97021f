import { useQuery } from '@tanstack/react-query';
import { getGeneralReportOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The system summary of the home dashboard. */
export const useGeneralReport = () => useQuery(getGeneralReportOptions());
