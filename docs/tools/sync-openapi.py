#!/usr/bin/env python3
"""Refreshes openapi.yaml from the running api after an intended change of the API.

openapi.yaml is the contract: OpenApiContractTest fails when the served /v3/api-docs differs in
paths, operations, parameters, schemas or status codes. After changing the API on purpose, run
the api (./bench api) and then:

    python3 docs/tools/sync-openapi.py http://127.0.0.1:8080/v3/api-docs.yaml

It takes the served document and keeps from the current openapi.yaml what the code does not
generate: the info description, the header comment, the request body examples and the descriptions
of schemas and properties that the code leaves undescribed.
"""
import sys
import urllib.request

import yaml

served = yaml.safe_load(urllib.request.urlopen(sys.argv[1]).read())
with open("openapi.yaml") as f:
    text = f.read()
header = "".join(line for line in text.splitlines(keepends=True) if line.startswith("#"))
current = yaml.safe_load(text)

served["info"] = current["info"]
for path, item in current["paths"].items():
    for method, operation in item.items():
        body = operation.get("requestBody", {}).get("content", {})
        for media, content in body.items():
            target = served["paths"].get(path, {}).get(method, {}).get("requestBody", {}).get("content", {}).get(media)
            if target is None:
                continue
            for key in ("example", "examples", "encoding"):
                if key in content:
                    target[key] = content[key]

# Descriptions written into openapi.yaml by hand (a component, or one of its properties, that the
# code leaves undescribed) are kept: the contract test compares shapes, not prose.
for name, schema in current.get("components", {}).get("schemas", {}).items():
    target = served.get("components", {}).get("schemas", {}).get(name)
    if target is None:
        continue
    if "description" in schema and "description" not in target:
        target["description"] = schema["description"]
    for prop, prop_schema in (schema.get("properties") or {}).items():
        served_prop = (target.get("properties") or {}).get(prop)
        if isinstance(prop_schema, dict) and isinstance(served_prop, dict) \
                and "description" in prop_schema and "description" not in served_prop:
            served_prop["description"] = prop_schema["description"]

# The served document lists paths and schemas in an order of its own that varies between starts: keep
# the current file's order (new ones after it), so that the diff shows what changed and nothing else.
def in_current_order(served_map, current_map):
    ordered = {key: served_map[key] for key in current_map if key in served_map}
    ordered.update({key: value for key, value in served_map.items() if key not in ordered})
    return ordered


served["paths"] = in_current_order(served["paths"], current["paths"])
if "schemas" in served.get("components", {}):
    served["components"]["schemas"] = in_current_order(served["components"]["schemas"],
                                                       current.get("components", {}).get("schemas", {}))

with open("openapi.yaml", "w") as f:
    f.write(header + yaml.safe_dump(served, sort_keys=False, allow_unicode=True, width=120))
print("openapi.yaml updated; review with git diff")
