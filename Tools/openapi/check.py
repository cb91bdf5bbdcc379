#!/usr/bin/env python3
"""Checks the service contract (docs/openapi.yaml).

  check.py spec FILE    validate FILE as an OpenAPI 3.1 document (openapi-spec-validator); exit 1 if not
  check.py serve FILE   read responses as JSON lines on stdin and answer one line each:
                        "ok" or "invalid: <reason>". A request line is
                        {"method": "GET", "path": "/sessions/x?q=1", "status": 200,
                         "contentType": "application/json", "body": "<text>"}
The first line printed is "ready" or "unavailable: <reason>" (missing Python packages).
Needs the PyPI packages openapi-spec-validator and jsonschema (Tools/test.sh installs them).
"""
import json
import re
import sys


def load(path):
    import yaml
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


def check_spec(path):
    from openapi_spec_validator import validate
    validate(load(path))
    print(f"{path}: valid OpenAPI {load(path).get('openapi')}")


class ResponseChecker:
    """Finds the documented response of a request and validates the body against its schema."""

    def __init__(self, document):
        from jsonschema import Draft202012Validator
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
        self.document = document
        self.registry = Registry().with_resource("urn:openapi", Resource.from_contents(document, default_specification=DRAFT202012))
        self.validator_class = Draft202012Validator
        self.templates = []
        for template in document.get("paths", {}):
            pattern = "^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(template)) + "$"
            self.templates.append((template, re.compile(pattern)))

    def pointer(self, *parts):
        return "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in parts)

    def check(self, method, path, status, content_type, body):
        path = path.split("?", 1)[0]
        matches = [t for t, rx in self.templates if rx.match(path)]
        if not matches:
            # Any other path: 404 with the error body (documented as components/responses/NotFound).
            if status != 404:
                return f"no path in the document matches {path} (only 404 is allowed there)"
            return self.check_component("NotFound", f"{method} {path}", status, content_type, body)
        # The most specific template: the fewest parameters.
        template = min(matches, key=lambda t: t.count("{"))
        if method.upper() == "HEAD":
            # HEAD is answered like GET without a body (documented in info.description).
            if body:
                return f"HEAD {template} {status}: a HEAD answer must have no body, got {len(body)} bytes"
            get = self.document["paths"][template].get("get")
            if get is None:
                return None if status == 405 else f"HEAD {template}: no GET, so only 405 is allowed, got {status}"
            documented = set(get.get("responses", {})) | {"405"}
            return None if str(status) in documented else f"HEAD {template}: status {status} is not documented for GET"
        operation = self.document["paths"][template].get(method.lower())
        if operation is None:
            # Any other method on a known path: 405 (components/responses/MethodNotAllowed).
            if status != 405:
                return f"{method} {template} is not documented (only 405 is allowed)"
            return self.check_component("MethodNotAllowed", f"{method} {template}", status, content_type, body)
        responses = operation.get("responses", {})
        key = str(status) if str(status) in responses else ("default" if "default" in responses else None)
        if key is None:
            return f"{method} {template}: status {status} is not documented (documented: {', '.join(sorted(responses))})"
        return self.check_response(responses[key], ["paths", template, method.lower(), "responses", key],
                                   f"{method} {template}", status, content_type, body)

    def check_component(self, name, what, status, content_type, body):
        response = self.document["components"]["responses"][name]
        return self.check_response(response, ["components", "responses", name], what, status, content_type, body)

    def check_response(self, response, ref_path, what, status, content_type, body):
        from jsonschema.exceptions import best_match
        method, template = what.split(" ", 1)
        while "$ref" in response:
            ref = response["$ref"]
            ref_path = ref.lstrip("#/").split("/")
            response = self.document
            for part in ref_path:
                response = response[part]
        content = response.get("content")
        if not content:
            return None if not body else f"{method} {template} {status}: documented without a body, got {len(body)} bytes"
        media = (content_type or "").split(";")[0].strip()
        documented = {k.split(";")[0].strip(): k for k in content}
        if media not in documented:
            return f"{method} {template} {status}: content type {content_type!r} not documented ({', '.join(content)})"
        if media != "application/json":
            return None
        try:
            instance = json.loads(body)
        except ValueError as error:
            return f"{method} {template} {status}: body is not JSON ({error})"
        pointer = self.pointer(*ref_path, "content", documented[media], "schema")
        validator = self.validator_class({"$ref": "urn:openapi#/" + pointer}, registry=self.registry)
        e = best_match(validator.iter_errors(instance))
        if e is not None:
            e = deepest(e)
            where = "/".join(str(p) for p in e.absolute_path) or "(top level)"
            return f"{method} {template} {status}: at {where}: {e.message[:300]}"
        return None


def deepest(error):
    """The most specific cause of an anyOf/oneOf failure (skipping the 'or null' branch)."""
    while error.context:
        causes = [c for c in error.context if not (c.validator == "type" and c.validator_value == "null")] or error.context
        error = max(causes, key=lambda c: len(list(c.absolute_schema_path)))
    return error


def serve(path):
    try:
        checker = ResponseChecker(load(path))
    except ImportError as error:
        print(f"unavailable: {error} (pip install openapi-spec-validator jsonschema)", flush=True)
        return
    print("ready", flush=True)
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            r = json.loads(line)
            problem = checker.check(r["method"], r["path"], int(r["status"]), r.get("contentType"), r.get("body", ""))
        except Exception as error:  # a bad request line is reported, never fatal
            problem = f"checker error: {error!r}"
        print("ok" if problem is None else "invalid: " + problem.replace("\n", " "), flush=True)


def main(argv):
    if len(argv) != 3 or argv[1] not in ("spec", "serve"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[1] == "spec":
        try:
            check_spec(argv[2])
        except ImportError as error:
            print(f"unavailable: {error} (pip install openapi-spec-validator jsonschema)")
            return 3
        except Exception as error:
            print(f"{argv[2]}: invalid: {error}")
            return 1
        return 0
    serve(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
