"""Optional integrations with other tools: LangChain and LlamaIndex components, and the MCP
server of ``citadel mcp``.

Each is an extra that the core install does not pull in: its module imports the third-party
package, and nothing imports this package on ``import citadel`` or when the CLI starts; a
command that needs one imports it when it runs.
"""
