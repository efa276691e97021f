import { useSuspenseQuery } from '@tanstack/react-query';
import { getGeneralReportOptions } from '@generated/api/@tanstack/react-query.gen.ts';

/** The system summary of the home dashboard (the route's loader fetches it before the page draws). */
export const generalReportOptions = () => getGeneralReportOptions();

export const useGeneralReport = () => useSuspenseQuery(generalReportOptions());
