import { queryOptions } from "@tanstack/react-query";
import { api, unwrap } from "../../lib/api.ts";

/** ["downloads"]: the add-on packages; the same for every tenant, changed only by the operator. */
export const downloadKeys = { all: ["downloads"] as const };

export const downloadsQuery = () =>
  queryOptions({
    queryKey: downloadKeys.all,
    queryFn: async () => (await unwrap(api.downloads.$get())).items,
  });

/** A fresh link each time: links expire after minutes, so none is cached. */
export const downloadLink = (id: string) => unwrap(api.downloads[":id"].$get({ param: { id } }));
